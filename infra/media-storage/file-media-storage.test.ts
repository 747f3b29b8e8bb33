import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MediaCutOff, MediaTooLarge } from '../../domain/ports/media-storage.ts';
import { createFileMediaStorage } from './file-media-storage.ts';

let root: string;
beforeEach(async () => { root = await mkdtemp(join(tmpdir(), 'media-storage-')); });
afterEach(async () => { await rm(root, { recursive: true, force: true }); });

const chunks = (count: number, size: number) => Readable.from((function* () { for (let i = 0; i < count; i++) yield Buffer.alloc(size, i % 256); })());

describe('file media storage', () => {
  it('receives a stream, keeps it under its key, finds and removes it', async () => {
    const storage = createFileMediaStorage(root);
    const bytes = Buffer.concat(Array.from({ length: 40 }, (_, i) => Buffer.alloc(1000, i)));
    const pending = await storage.receive(chunks(40, 1000), { maxBytes: 40_000 });
    expect(pending.size).toBe(40_000);
    expect(pending.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    await pending.keep('m1/band.png');
    const found = await storage.find('m1/band.png');
    expect(found?.size).toBe(40_000);
    expect(await readFile(found!.path)).toEqual(bytes);
    expect(await readdir(storage.incomingDir)).toEqual([]);
    await storage.remove('m1/band.png');
    expect(await storage.find('m1/band.png')).toBeNull();
    expect(await readdir(root)).toEqual(['.incoming']);
  });

  it('stops reading past the limit and leaves no partial file; the source is paused, not destroyed', async () => {
    const storage = createFileMediaStorage(root);
    const source = new PassThrough();
    let written = 0;
    const feed = async () => {
      for (let i = 0; i < 100 && !source.isPaused(); i++) {
        written++;
        if (!source.write(Buffer.alloc(1024))) await new Promise((resolve) => setTimeout(resolve, 1));
      }
    };
    const received = storage.receive(source, { maxBytes: 10 * 1024 });
    void feed();
    await expect(received).rejects.toBeInstanceOf(MediaTooLarge);
    expect(source.destroyed).toBe(false);
    expect(written).toBeLessThan(100);
    expect(await readdir(storage.incomingDir)).toEqual([]);
  });

  it('leaves nothing behind when the source fails or closes before its end', async () => {
    const storage = createFileMediaStorage(root);
    const failing = new PassThrough();
    const failed = storage.receive(failing, { maxBytes: 1e6 });
    failing.write(Buffer.alloc(2048));
    failing.destroy(new Error('connection reset'));
    await expect(failed).rejects.toThrow('connection reset');
    const cut = new PassThrough();
    const closed = storage.receive(cut, { maxBytes: 1e6 });
    cut.write(Buffer.alloc(2048));
    cut.destroy();
    await expect(closed).rejects.toBeInstanceOf(MediaCutOff);
    expect(await readdir(storage.incomingDir)).toEqual([]);
  });

  it('a discarded upload is gone; keys cannot leave the media folder', async () => {
    const storage = createFileMediaStorage(root);
    const pending = await storage.receive(chunks(1, 10), { maxBytes: 100 });
    await pending.discard();
    expect(await readdir(storage.incomingDir)).toEqual([]);
    for (const key of ['../outside.png', 'm1/../../x', '.incoming/x', '/etc/passwd', 'm1//x']) {
      await expect(storage.remove(key)).rejects.toThrow('Not a media key');
    }
    expect(await storage.find('../../etc/passwd')).toBeNull();
  });
});
