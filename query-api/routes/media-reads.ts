import { z } from 'zod';
import type { Filter } from '../../domain/ports/view-store.ts';
import { readRoute } from '../read-route.ts';
import { pageOf, pagingShape, sortOf, sortParam } from '../paging.ts';
import { listPage, textFilter } from '../list-page.ts';

// The media library for the admin screen (SPEC §2 admin-media): files newest first, by kind or name.
// The files themselves are served at their `url` (command-api/media-files.ts).
const MediaAnswer = z.looseObject({
  mediaId: z.string(),
  fileName: z.string(),
  originalName: z.string(),
  contentType: z.string(),
  kind: z.enum(['image', 'audio', 'video', 'document']),
  size: z.number().int().describe('Bytes'),
  url: z.string().describe('Path the file is served at: /media/<mediaId>/<fileName>'),
  uploadedAt: z.string(),
  uploadedBy: z.string().nullable(),
});

export const adminMedia = readRoute({
  path: '/api/admin/media',
  summary: 'The media library: uploaded files, newest first, by kind or a text in their names (admins)',
  tags: ['admin', 'media'],
  auth: 'admin',
  query: {
    ...pagingShape,
    text: z.string().max(200).optional(),
    kind: z.enum(['image', 'audio', 'video', 'document']).optional(),
    sort: sortParam(['uploadedAt', 'size', 'fileName'] as const, '-uploadedAt'),
  },
  response: pageOf(MediaAnswer),
  async handle({ query, views }) {
    const filter: Filter = textFilter(query.text);
    if (query.kind) filter.kind = query.kind;
    return listPage(views, 'media', filter, { sort: sortOf(query.sort), start: query.start, limit: query.limit });
  },
});

export const mediaReads = [adminMedia];
