import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { ReactNode } from 'react';
import { i18nFor } from '../i18n/i18n.ts';
import { AdminEmpty, AdminTable, type AdminColumn } from './admin-table.tsx';
import { AdminCardList } from './admin-card-list.tsx';
import { FilterField, FilterSelect } from './filter-fields.tsx';

// The admin lists' two shared shapes: what the narrow-screen stylesheet, screen readers and the
// browser tests rely on is in their markup, so it is checked here once for every list.
const inEnglish = (node: ReactNode) => renderToString(
  <I18nextProvider i18n={i18nFor('en')}><MemoryRouter initialEntries={['/admin/things?q=x']}>{node}</MemoryRouter></I18nextProvider>,
);

interface Thing { id: string; name: string; size: number }
const things: Thing[] = [{ id: 'a', name: 'Anna', size: 3 }, { id: 'b', name: 'Ben', size: 5 }];
const columns: AdminColumn<Thing>[] = [
  { id: 'name', header: 'Name', cell: (thing) => thing.name },
  { id: 'size', header: 'Size', cell: (thing) => thing.size },
  { id: 'actions', header: 'Actions', hiddenHeader: true, className: 'content-table-actions', cell: (thing) => <a href={`/${thing.id}`}>Edit</a> },
];

describe('AdminTable', () => {
  it('heads each row with its first cell and labels every other cell with its column for the narrow layout', () => {
    const html = inEnglish(<AdminTable rows={things} rowKey={(thing) => thing.id} columns={columns} testId="things" empty={<p>none</p>}
      rowProps={(thing) => ({ 'data-testid': 'thing', 'data-thing-id': thing.id })} />);
    expect(html).toContain('<table class="content-table" data-testid="things">');
    expect(html).toContain('<th scope="col">Name</th><th scope="col">Size</th><th scope="col"><span class="visually-hidden">Actions</span></th>');
    expect(html).toContain('<tr data-testid="thing" data-thing-id="a"><th scope="row" data-label="Name">Anna</th><td data-label="Size">3</td>');
    // The actions cell speaks for itself: no "Actions:" label before its buttons.
    expect(html).toContain('<td class="content-table-actions"><a href="/a">Edit</a></td>');
    expect(html).not.toContain('none');
  });

  it('shows the empty state instead of a table, takes its own look and scrolls sideways when asked', () => {
    expect(inEnglish(<AdminTable rows={[]} rowKey={(thing: Thing) => thing.id} columns={columns} empty={<p className="empty">none</p>} />))
      .toBe('<p class="empty">none</p>');
    const html = inEnglish(<AdminTable rows={things} rowKey={(thing) => thing.id} columns={columns} empty={null} className="admin-table" scrolls />);
    expect(html).toMatch(/^<div class="admin-table-wrap"><table class="admin-table">/);
  });

  it('pages with the query kept, only when there is more than one page', () => {
    const html = inEnglish(<AdminTable rows={things} rowKey={(thing) => thing.id} columns={columns} empty={null} paging={{ page: 1, pageSize: 2, total: 5 }} />);
    expect(html).toContain('<nav class="pager"');
    expect(html).toContain('href="/admin/things?q=x&amp;page=2"');
    expect(inEnglish(<AdminTable rows={things} rowKey={(thing) => thing.id} columns={columns} empty={null} paging={{ page: 1, pageSize: 2, total: 2 }} />))
      .not.toContain('pager');
  });
});

describe('AdminEmpty', () => {
  it('says the list\'s words, or when filtered its own no-match words or the common ones', () => {
    expect(inEnglish(<AdminEmpty message="No things yet" testId="things-empty" />)).toBe('<p class="empty" data-testid="things-empty">No things yet</p>');
    expect(inEnglish(<AdminEmpty filtered message="No things yet" noMatch="No thing matches" />)).toContain('>No thing matches</p>');
    expect(inEnglish(<AdminEmpty filtered message="No things yet" />)).not.toContain('No things yet');
  });
});

describe('AdminCardList', () => {
  it('makes each row a card headed by an h2, with only the parts the row has', () => {
    const html = inEnglish(<AdminCardList rows={things} rowKey={(thing) => thing.id} label="Things" testId="things" className="tools-cards"
      rowProps={(thing) => ({ 'data-testid': 'thing' })}
      card={(thing) => ({
        figure: thing.id === 'a' ? <img src="/a.png" alt="" /> : null,
        title: thing.name,
        meta: thing.size > 4 ? <span>big</span> : null,
        intro: `Size ${thing.size}`,
        actions: <a href={`/${thing.id}`}>Edit</a>,
      })} />);
    expect(html).toContain('<ul class="admin-list tools-cards" aria-label="Things" data-testid="things">');
    expect(html).toContain('<li class="card admin-row" data-testid="thing"><img src="/a.png" alt=""/><div class="admin-row-main"><h2 class="admin-row-title">Anna</h2>'
      + '<p class="admin-row-intro muted" dir="auto">Size 3</p></div><div class="admin-row-actions"><a href="/a">Edit</a></div></li>');
    expect(html).toContain('<h2 class="admin-row-title">Ben</h2><p class="admin-row-meta"><span>big</span></p>');
  });

  it('shows the empty state instead of the list, and the pager under it', () => {
    const html = inEnglish(<AdminCardList rows={[]} rowKey={(thing: Thing) => thing.id} card={(thing) => ({ title: thing.name })}
      empty={<p className="empty">none</p>} paging={{ page: 2, pageSize: 2, total: 5 }} />);
    expect(html).toMatch(/^<p class="empty">none<\/p><nav class="pager"/);
    expect(html).not.toContain('admin-list');
  });
});

describe('filter fields', () => {
  it('wrap their control in the label (no ids needed), a search box taking the spare width', () => {
    expect(inEnglish(<FilterField label="Search" grow><input name="q" /></FilterField>))
      .toBe('<label class="field admin-filter-grow"><span>Search</span><input name="q"/></label>');
    const html = inEnglish(<FilterSelect label="Role" name="role" value="admin" testId="role"
      options={[{ value: '', label: 'Any role' }, { value: 'admin', label: 'Admin' }]} />);
    expect(html).toBe('<label class="field"><span>Role</span><select name="role" data-testid="role">'
      + '<option value="">Any role</option><option value="admin" selected="">Admin</option></select></label>');
  });
});
