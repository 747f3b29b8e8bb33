import { describe, expect, it } from 'vitest';
import { costRatio, percentile, perSecond, summarize } from './percentiles.ts';

describe('percentile (nearest rank)', () => {
  it('answers a sample at rank ceil(p × n)', () => {
    const samples = [15, 20, 35, 40, 50];
    expect(percentile(samples, 5)).toBe(15);
    expect(percentile(samples, 30)).toBe(20);
    expect(percentile(samples, 40)).toBe(20);
    expect(percentile(samples, 50)).toBe(35);
    expect(percentile(samples, 100)).toBe(50);
  });

  it('does not depend on the order of the samples and leaves them alone', () => {
    const samples = [9, 1, 8, 2, 7, 3, 6, 4, 5, 10];
    expect(percentile(samples, 50)).toBe(5);
    expect(percentile(samples, 99)).toBe(10);
    expect(samples[0]).toBe(9);
  });

  it('p99 of 1..1000 is 990', () => {
    const samples = Array.from({ length: 1000 }, (_, index) => index + 1);
    expect(percentile(samples, 99)).toBe(990);
  });

  it('is NaN without samples and refuses a percentile out of range', () => {
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 0)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });
});

describe('summarize', () => {
  it('gives count, p50, p99, mean and max', () => {
    expect(summarize([4, 1, 3, 2])).toEqual({ count: 4, p50: 2, p99: 4, mean: 2.5, max: 4 });
  });
  it('is all NaN for no samples', () => {
    expect(summarize([])).toMatchObject({ count: 0, p50: NaN, p99: NaN });
  });
});

describe('rates and ratios', () => {
  it('perSecond', () => {
    expect(perSecond(500, 250)).toBe(2000);
    expect(perSecond(1, 0)).toBeNaN();
  });
  it('costRatio reads as "times the baseline cost" either way', () => {
    expect(costRatio(250, 1000, 'higher')).toBe(4);
    expect(costRatio(8, 2, 'lower')).toBe(4);
    expect(costRatio(0, 2, 'lower')).toBeNaN();
  });
});
