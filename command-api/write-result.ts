import { z } from 'zod';

/** Answer of every write (DESIGN §6). `revision` -1 only when nothing exists yet. */
export const WriteResult = z.object({
  id: z.string(),
  streamId: z.string(),
  revision: z.number().int(),
  position: z.number().int(),
});
export type WriteResult = z.infer<typeof WriteResult>;
