// The SingleUseTokens port: remembers tokens that may be used once (a solved security challenge)
// until they expire, so a replayed one is refused. In memory, or Redis so every command-API process
// of a distributed installation refuses a token another one already took.
export interface SingleUseTokens {
  /**
   * Atomically: true the first time `token` is used before `expiresAt` (ms since the epoch), false
   * every later time. After expiry the token may be forgotten (the caller refuses expired tokens itself).
   */
  use(token: string, expiresAt: number): Promise<boolean>;
  close(): Promise<void>;
}
