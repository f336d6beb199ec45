/**
 * Per-owner keys (one per user) that seal personal data. Adapters store the bytes they are given
 * (the vault hands them keys already wrapped with the master key); destroying a key is what
 * makes a deleted user's personal data unreadable everywhere it was copied.
 */
export interface KeyStore {
  /** Stores `wrappedKey` for the owner unless one exists; answers the stored one either way. */
  putIfAbsent(ownerId: string, wrappedKey: Buffer): Promise<Buffer>;
  get(ownerId: string): Promise<Buffer | null>;
  /** Forgets the key for good (also removing it from any cache). */
  destroy(ownerId: string): Promise<void>;
  close(): Promise<void>;
}
