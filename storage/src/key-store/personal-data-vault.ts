import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { KeyStore } from './key-store';

export interface PersonalDataVaultOptions {
  keys: KeyStore;
  /** 32 bytes; wraps every owner's key. */
  masterKey: Buffer;
  /** Unwrapped keys kept in memory (least recently used go first). Default 1000. */
  cacheSize?: number;
  /**
   * How long an unwrapped key is used from memory before the store is asked again. This bounds
   * how long another process can still open an owner's data after this one forgot the owner.
   * Default 60 s.
   */
  cacheTtlMs?: number;
}

const algorithm = 'aes-256-gcm';
const keyBytes = 32;
const ivBytes = 12;
const tagBytes = 16;
const version = 1;
const textPrefix = 'v1';

/**
 * Seals personal data with a key per owner (crypto-shredding): forgetting the owner destroys the
 * key, and every copy of their data (events, read models, backups) becomes unreadable.
 *
 * Owner keys are random, wrapped with the master key (AES-256-GCM) and kept in a KeyStore.
 * Values are AES-256-GCM with a random 12-byte IV; the owner id is authenticated data, so a value
 * sealed for one owner cannot be opened as another's. Text form: `v1.<iv>.<ciphertext>.<tag>`
 * (base64url); byte form: `0x01 | iv | ciphertext | tag`.
 */
export class PersonalDataVault {
  private readonly keys: KeyStore;
  private readonly masterKey: Buffer;
  private readonly cacheSize: number;
  private readonly cacheTtlMs: number;
  /** Unwrapped keys by owner, in least-recently-used order. */
  private readonly cache = new Map<string, { key: Buffer; until: number }>();
  /** Moves on every forget, so a load that raced with it does not put the key back in the cache. */
  private forgetEpoch = 0;

  constructor(options: PersonalDataVaultOptions) {
    if (!Buffer.isBuffer(options.masterKey) || options.masterKey.length !== keyBytes) {
      throw new TypeError(`the master key must be ${keyBytes} bytes`);
    }
    this.keys = options.keys;
    this.masterKey = Buffer.from(options.masterKey);
    this.cacheSize = options.cacheSize ?? 1000;
    this.cacheTtlMs = options.cacheTtlMs ?? 60_000;
  }

  /** Gives the owner a key unless they have one; safe to call again and from several processes. */
  async createKey(ownerId: string): Promise<void> {
    if (await this.ownerKey(ownerId)) return;
    const epoch = this.forgetEpoch;
    const stored = await this.keys.putIfAbsent(ownerId, this.wrap(ownerId, randomBytes(keyBytes)));
    // Another writer may have won the race: use whatever the store kept.
    this.remember(ownerId, this.unwrap(ownerId, stored), epoch);
  }

  /** JSON of `value`, sealed with the owner's key. Throws when the owner has no key. */
  async seal(ownerId: string, value: unknown): Promise<string> {
    const json = JSON.stringify(value);
    if (json === undefined) throw new TypeError('only JSON values can be sealed');
    const { iv, ciphertext, tag } = encrypt(await this.requireKey(ownerId), Buffer.from(json, 'utf8'), aad(ownerId));
    return [textPrefix, iv.toString('base64url'), ciphertext.toString('base64url'), tag.toString('base64url')].join('.');
  }

  /**
   * The value sealed for the owner, or null when the owner's key is gone (forgotten). Throws
   * when the text is not a sealed value or was altered.
   */
  async open<T>(ownerId: string, sealed: string): Promise<T | null> {
    const parts = sealed.split('.');
    if (parts.length !== 4 || parts[0] !== textPrefix) throw new TypeError('not a sealed value');
    const [iv, ciphertext, tag] = parts.slice(1).map((p) => Buffer.from(p, 'base64url')) as [Buffer, Buffer, Buffer];
    if (iv.length !== ivBytes || tag.length !== tagBytes) throw new TypeError('not a sealed value');
    const key = await this.ownerKey(ownerId);
    if (!key) return null;
    return JSON.parse(decrypt(key, { iv, ciphertext, tag }, aad(ownerId)).toString('utf8')) as T;
  }

  async sealBytes(ownerId: string, bytes: Buffer): Promise<Buffer> {
    const { iv, ciphertext, tag } = encrypt(await this.requireKey(ownerId), bytes, aad(ownerId));
    return Buffer.concat([Buffer.from([version]), iv, ciphertext, tag]);
  }

  /** The bytes sealed for the owner, or null when the owner's key is gone. */
  async openBytes(ownerId: string, sealed: Buffer): Promise<Buffer | null> {
    if (sealed.length < 1 + ivBytes + tagBytes || sealed[0] !== version) throw new TypeError('not sealed bytes');
    const key = await this.ownerKey(ownerId);
    if (!key) return null;
    return decrypt(key, split(sealed.subarray(1)), aad(ownerId));
  }

  /** Destroys the owner's key: everything sealed for them can no longer be opened. */
  async forget(ownerId: string): Promise<void> {
    this.forgetEpoch++;
    this.cache.delete(ownerId);
    await this.keys.destroy(ownerId);
  }

  private async requireKey(ownerId: string): Promise<Buffer> {
    const key = await this.ownerKey(ownerId);
    if (!key) throw new Error(`no personal-data key for owner ${ownerId}`);
    return key;
  }

  private async ownerKey(ownerId: string): Promise<Buffer | null> {
    const cached = this.cache.get(ownerId);
    if (cached && cached.until > Date.now()) {
      this.cache.delete(ownerId);
      this.cache.set(ownerId, cached);
      return cached.key;
    }
    this.cache.delete(ownerId);
    const epoch = this.forgetEpoch;
    const wrapped = await this.keys.get(ownerId);
    if (!wrapped) return null;
    const key = this.unwrap(ownerId, wrapped);
    this.remember(ownerId, key, epoch);
    return key;
  }

  private remember(ownerId: string, key: Buffer, epoch: number): void {
    if (epoch !== this.forgetEpoch || this.cacheSize <= 0) return;
    this.cache.delete(ownerId);
    this.cache.set(ownerId, { key, until: Date.now() + this.cacheTtlMs });
    while (this.cache.size > this.cacheSize) this.cache.delete(this.cache.keys().next().value!);
  }

  private wrap(ownerId: string, key: Buffer): Buffer {
    const { iv, ciphertext, tag } = encrypt(this.masterKey, key, wrapAad(ownerId));
    return Buffer.concat([Buffer.from([version]), iv, ciphertext, tag]);
  }

  private unwrap(ownerId: string, wrapped: Buffer): Buffer {
    if (wrapped.length !== 1 + ivBytes + keyBytes + tagBytes || wrapped[0] !== version) {
      throw new Error(`the stored key of owner ${ownerId} is not a wrapped key`);
    }
    return decrypt(this.masterKey, split(wrapped.subarray(1)), wrapAad(ownerId));
  }
}

/** HKDF-SHA256 (empty salt: the secret is already a key) of 32 bytes for one purpose. */
export function deriveKey(secret: string | Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), purpose, keyBytes));
}

/**
 * A keyed hash (HMAC-SHA256, hex) of a value, for finding sealed data by an exact value (an
 * e-mail address, say) without storing it readable. Normalise the value before calling.
 */
export function blindIndex(secret: string | Buffer, value: string): string {
  return createHmac('sha256', deriveKey(secret, 'blind-index')).update(value, 'utf8').digest('hex');
}

interface Sealed {
  iv: Buffer;
  ciphertext: Buffer;
  tag: Buffer;
}

const aad = (ownerId: string) => Buffer.from(`pagelog:data:${ownerId}`, 'utf8');
const wrapAad = (ownerId: string) => Buffer.from(`pagelog:key:${ownerId}`, 'utf8');

function encrypt(key: Buffer, plaintext: Buffer, additionalData: Buffer): Sealed {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv(algorithm, key, iv, { authTagLength: tagBytes });
  cipher.setAAD(additionalData);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, ciphertext, tag: cipher.getAuthTag() };
}

function decrypt(key: Buffer, { iv, ciphertext, tag }: Sealed, additionalData: Buffer): Buffer {
  const decipher = createDecipheriv(algorithm, key, iv, { authTagLength: tagBytes });
  decipher.setAAD(additionalData);
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  } catch (cause) {
    throw new Error('sealed data failed authentication (altered, or sealed for another owner or key)', { cause });
  }
}

/** `iv | ciphertext | tag` into its parts. */
function split(bytes: Buffer): Sealed {
  return {
    iv: bytes.subarray(0, ivBytes),
    ciphertext: bytes.subarray(ivBytes, bytes.length - tagBytes),
    tag: bytes.subarray(bytes.length - tagBytes),
  };
}
