import { z } from 'zod';
import { Actor } from './actor.ts';
import { IsoTime } from './ids.ts';

/**
 * Declares a command schema: a strict object with its literal `type`, who issues it (`actor`) and
 * when (`at`, from the injected clock, so a decider never reads one), then the command's own data.
 * Routes write only `{ type, ...data }`; command-api/aggregate.ts stamps actor and time.
 */
export const command = <T extends string, Data extends z.ZodRawShape>(type: T, data: Data) =>
  z.strictObject({ type: z.literal(type), actor: Actor, at: IsoTime, ...data });
