import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { join } from 'node:path';
import type { ViewDocument, ViewStore } from '../domain/ports/view-store.ts';
import { publicView } from '../projectors/seen.ts';
import { writeWithBackpressure } from './export-events.ts';

// `--views-out <dir>`: each replayed view as `<collection>.ndjson`, one document per line in `_id`
// order, without the runtime's bookkeeping (`_seen`). Read a page of documents at a time (by `_id`),
// so on MongoDB a large view never sits in memory whole.

export async function writeViews(viewStore: ViewStore, collections: readonly string[], directory: string, pageSize = 1000): Promise<Array<{ collection: string; file: string; documents: number }>> {
  await mkdir(directory, { recursive: true });
  const written = [];
  for (const collection of collections) {
    const file = join(directory, `${collection}.ndjson`);
    const out = createWriteStream(file);
    let documents = 0;
    let after: string | null = null;
    for (;;) {
      const page: ViewDocument[] = await viewStore.collection(collection).find(after === null ? {} : { _id: { $gt: after } }, { sort: { _id: 1 }, limit: pageSize });
      if (page.length === 0) break;
      await writeWithBackpressure(out, page.map((doc) => `${JSON.stringify(publicView(doc))}\n`).join(''));
      documents += page.length;
      after = page.at(-1)!._id;
      if (page.length < pageSize) break;
    }
    out.end();
    await finished(out);
    written.push({ collection, file, documents });
  }
  return written;
}
