import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { MediaCutOff, MediaTooLarge, type ByteSource, type MediaStorage, type PendingMedia } from '../../domain/ports/media-storage.ts';

// The media library on the local disk (embedded mode): files under `<root>/<mediaId>/<fileName>`,
// uploads written to `<root>/.incoming/<random>` first and moved into place once recorded. Bytes are
// streamed to disk as they arrive (never the whole file in memory), with the source paused whenever
// the disk is behind.
export function createFileMediaStorage(root: string): MediaStorage & { incomingDir: string } {
  const base = resolve(root);
  const incomingDir = join(base, '.incoming');

  function pathOf(key: string): string {
    const path = resolve(base, key);
    if (!path.startsWith(base + sep) || path.startsWith(incomingDir + sep) || key.split('/').some((part) => part === '' || part === '.' || part === '..')) {
      throw new Error(`Not a media key: ${key}`);
    }
    return path;
  }

  async function receive(source: ByteSource, options: { maxBytes: number }): Promise<PendingMedia> {
    if (source.destroyed) throw new MediaCutOff();
    // Synchronously, so no event of the source can pass before the listeners below are on.
    mkdirSync(incomingDir, { recursive: true });
    const temporary = join(incomingDir, randomUUID());
    const file = createWriteStream(temporary, { flags: 'wx' });
    const hash = createHash('sha256');
    let size = 0;
    const head = new Uint8Array(64);
    let headLength = 0;
    try {
      await new Promise<void>((done, fail) => {
        let settled = false;
        const stop = (error?: Error) => {
          if (settled) return;
          settled = true;
          source.off('data', onData);
          source.off('end', onEnd);
          source.off('error', onError);
          source.off('close', onClose);
          if (error) {
            // Stop reading; the caller answers and closes the connection.
            source.pause();
            file.destroy();
            fail(error);
          } else {
            file.end((error?: Error | null) => (error ? fail(error) : done()));
          }
        };
        const onData = (chunk: Uint8Array) => {
          size += chunk.length;
          if (size > options.maxBytes) return stop(new MediaTooLarge(options.maxBytes));
          hash.update(chunk);
          if (headLength < head.length) {
            const part = chunk.subarray(0, head.length - headLength);
            head.set(part, headLength);
            headLength += part.length;
          }
          if (!file.write(chunk)) {
            source.pause();
            file.once('drain', () => { if (!settled) source.resume(); });
          }
        };
        const onEnd = () => stop();
        const onError = (error: Error) => stop(error);
        const onClose = () => stop(new MediaCutOff());
        file.on('error', (error) => stop(error));
        source.on('data', onData);
        source.on('end', onEnd);
        source.on('error', onError);
        source.on('close', onClose);
        source.resume();
      });
    } catch (error) {
      await new Promise<void>((settle) => (file.closed ? settle() : file.once('close', () => settle())));
      await rm(temporary, { force: true });
      throw error;
    }
    const sha256 = hash.digest('hex');
    return {
      size,
      sha256,
      head: head.slice(0, headLength),
      path: temporary,
      async keep(key) {
        const target = pathOf(key);
        await mkdir(dirname(target), { recursive: true });
        await rename(temporary, target);
      },
      discard: () => rm(temporary, { force: true }),
    };
  }

  return {
    incomingDir,
    receive,
    async find(key) {
      try {
        const info = await stat(pathOf(key));
        return info.isFile() ? { path: pathOf(key), size: info.size, modifiedAt: info.mtime } : null;
      } catch {
        return null;
      }
    },
    async remove(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      // The media id's folder goes with its only file.
      const folder = dirname(path);
      if (folder !== base && (await readdir(folder).catch(() => ['?'])).length === 0) await rmdir(folder).catch(() => {});
    },
  };
}
