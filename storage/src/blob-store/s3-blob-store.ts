import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { StoreUnavailableError, ValidationError } from '@pagelog/contracts/domain-errors';
import { classifyStoreError } from '../store-errors';
import {
  checkBlobKey,
  checkContentType,
  checkRange,
  hashWhileWriting,
  isLegacyBlobKey,
  renditionId,
  type BlobBody,
  type BlobContent,
  type BlobInfo,
  type BlobStore,
  type ByteRange,
  type RenditionParams,
} from './blob-store';

/** Bytes per part of a multipart upload (S3 takes 5 MiB at least, 10,000 parts at most). */
const partSize = 8 * 1024 * 1024;

export interface S3BlobStoreOptions {
  /** The caller owns the client: close() leaves it open. */
  client: S3Client;
  /** An existing bucket; init() checks that it can be reached. */
  bucket: string;
  /** Put before every object name (e.g. `pagelog/`), so several stores can share a bucket. */
  prefix?: string;
}

/**
 * Blobs as objects in an S3-compatible bucket (written against @aws-sdk/client-s3):
 *
 *     <prefix>sha256/<sha256>                   a blob (metadata sha256, its content type)
 *     <prefix>renditions/<source key>/<id>      a rendition of the blob <source key>
 *     <prefix>tmp/<uuid>                        an upload in progress
 *
 * A put streams the body (hashed on the way) to a temporary object in 8 MiB parts, one at a time
 * from one buffer (@aws-sdk/lib-storage's Upload copies every part and, in a 150 MB test, grew
 * the process by 60 to 80 MB), then copies it under its hash on the server and deletes the
 * temporary one. S3
 * makes an object visible only once it is whole, so a reader never sees part of a blob; a body
 * that fails aborts the multipart upload. Concurrent writers of the same bytes both copy the same
 * bytes to the same name. Limits: a blob is at most 5 GB (one CopyObject); temporary objects a
 * crash leaves behind are best expired by a bucket lifecycle rule on `<prefix>tmp/`.
 *
 * No S3 server ran where this was written: the contract suite runs against it only when
 * TEST_S3_URL is set.
 */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(options: S3BlobStoreOptions) {
    this.client = options.client;
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? '';
  }

  /** Checks that the bucket exists and can be reached (it is not created here). */
  async init(): Promise<void> {
    await s3Call(() => this.client.send(new HeadBucketCommand({ Bucket: this.bucket })));
  }

  async put(body: BlobBody, options: { contentType: string }): Promise<BlobInfo> {
    const contentType = checkContentType(options.contentType);
    const temp = await this.upload(body, contentType);
    try {
      const target = this.contentName(temp.sha256);
      // The same bytes stored already stay, with their content type.
      const existing = await this.head(target);
      if (existing) return { key: temp.sha256, size: existing.size, contentType: existing.contentType };
      await this.copy(temp.name, target, temp.sha256, contentType);
      return { key: temp.sha256, size: temp.size, contentType };
    } finally {
      await this.remove(temp.name).catch(() => undefined);
    }
  }

  async get(key: string, options: { range?: ByteRange } = {}): Promise<BlobContent | null> {
    checkBlobKey(key);
    if (isLegacyBlobKey(key)) return null;
    return this.read(this.contentName(key), key, options.range);
  }

  async stat(key: string): Promise<BlobInfo | null> {
    checkBlobKey(key);
    if (isLegacyBlobKey(key)) return null;
    const head = await this.head(this.contentName(key));
    return head ? { key, size: head.size, contentType: head.contentType } : null;
  }

  async delete(key: string): Promise<void> {
    checkBlobKey(key);
    if (!isLegacyBlobKey(key)) await this.remove(this.contentName(key));
    // Its renditions, a page of names at a time.
    const prefix = `${this.prefix}renditions/${key}/`;
    let token: string | undefined;
    do {
      const page = await s3Call(() => this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token })));
      const names = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
      if (names.length > 0) await s3Call(() => this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: names, Quiet: true } })));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async putRendition(source: string, params: RenditionParams, body: BlobBody, options: { contentType: string }): Promise<BlobInfo> {
    const target = this.renditionName(source, params);
    const contentType = checkContentType(options.contentType);
    const temp = await this.upload(body, contentType);
    try {
      if (!(await this.stat(source))) throw ValidationError.of('V_12', 'source', 'blob');
      // A rendition made again replaces the one before.
      await this.copy(temp.name, target, temp.sha256, contentType);
      return { key: temp.sha256, size: temp.size, contentType };
    } finally {
      await this.remove(temp.name).catch(() => undefined);
    }
  }

  async getRendition(source: string, params: RenditionParams, options: { range?: ByteRange } = {}): Promise<BlobContent | null> {
    return this.read(this.renditionName(source, params), null, options.range);
  }

  async statRendition(source: string, params: RenditionParams): Promise<BlobInfo | null> {
    const head = await this.head(this.renditionName(source, params));
    return head ? { key: head.sha256, size: head.size, contentType: head.contentType } : null;
  }

  async close(): Promise<void> {}

  private contentName(sha256: string): string {
    return `${this.prefix}sha256/${sha256}`;
  }

  private renditionName(source: string, params: RenditionParams): string {
    return `${this.prefix}renditions/${checkBlobKey(source)}/${renditionId(params)}`;
  }

  /**
   * Streams the body, hashed on the way, to a new temporary object: one PutObject when it fits in
   * a part, else a multipart upload whose parts are sent one after the other from one reused
   * buffer (aborted when anything fails).
   */
  private async upload(body: BlobBody, contentType: string): Promise<{ name: string; sha256: string; size: number }> {
    const Bucket = this.bucket;
    const Key = `${this.prefix}tmp/${randomUUID()}`;
    const buffer = Buffer.allocUnsafe(partSize);
    let filled = 0;
    let uploadId: string | undefined;
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];
    const sendPart = async () => {
      uploadId ??= (await s3Call(() => this.client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType: contentType })))).UploadId!;
      const PartNumber = parts.length + 1;
      const sent = await s3Call(() =>
        this.client.send(new UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body: buffer.subarray(0, filled), ContentLength: filled })),
      );
      parts.push({ ETag: sent.ETag, PartNumber });
      filled = 0;
    };
    try {
      const { sha256, size } = await hashWhileWriting(body, async (chunk) => {
        for (let offset = 0; offset < chunk.length; ) {
          const take = Math.min(partSize - filled, chunk.length - offset);
          buffer.set(chunk.subarray(offset, offset + take), filled);
          filled += take;
          offset += take;
          if (filled === partSize) await sendPart();
        }
      });
      if (uploadId === undefined) {
        await s3Call(() => this.client.send(new PutObjectCommand({ Bucket, Key, Body: buffer.subarray(0, filled), ContentLength: filled, ContentType: contentType })));
      } else {
        if (filled > 0) await sendPart();
        await s3Call(() => this.client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } })));
      }
      return { name: Key, sha256, size };
    } catch (error) {
      if (uploadId !== undefined) await this.client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId })).catch(() => undefined);
      throw error;
    }
  }

  private async copy(from: string, to: string, sha256: string, contentType: string): Promise<void> {
    await s3Call(() =>
      this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: to,
          CopySource: `${this.bucket}/${from}`,
          MetadataDirective: 'REPLACE',
          ContentType: contentType,
          Metadata: { sha256 },
        }),
      ),
    );
  }

  private async remove(name: string): Promise<void> {
    await s3Call(() => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: name })));
  }

  private async head(name: string): Promise<{ size: number; contentType: string; sha256: string } | null> {
    try {
      const head = await s3Call(() => this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: name })));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? 'application/octet-stream', sha256: head.Metadata?.sha256 ?? '' };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  private async read(name: string, key: string | null, range: ByteRange | undefined): Promise<BlobContent | null> {
    // Checked against the size the answer gives, below; here only its form.
    if (range) checkRange(range, Number.MAX_SAFE_INTEGER);
    let answer;
    try {
      answer = await s3Call(() => this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: name, Range: range ? `bytes=${range.start}-${range.end}` : undefined })));
    } catch (error) {
      if (isNotFound(error)) return null;
      if (statusOf(error) === 416) throw new RangeError(`byte range ${range!.start}-${range!.end} is outside the blob`);
      throw error;
    }
    const stream = answer.Body as Readable;
    // Content-Range: bytes <start>-<end>/<size>. S3 shortens a range that runs past the end; a
    // server that answers other bytes than those asked for must not have them served as those.
    const answered = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(answer.ContentRange ?? '');
    const size = range ? Number(answered?.[3] ?? NaN) : (answer.ContentLength ?? 0);
    try {
      checkRange(range, size);
      if (range && (Number(answered![1]) !== range.start || Number(answered![2]) !== range.end)) {
        throw new Error(`the S3 server answered ${answer.ContentRange} to bytes=${range.start}-${range.end}`);
      }
    } catch (error) {
      stream.destroy();
      throw error;
    }
    return {
      key: key ?? answer.Metadata?.sha256 ?? '',
      size,
      contentType: answer.ContentType ?? 'application/octet-stream',
      range: range ? { start: range.start, end: range.end } : null,
      stream,
    };
  }
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return statusOf(error) === 404 || name === 'NotFound' || name === 'NoSuchKey';
}

/** Runs a call; an S3 that cannot serve now (unreachable, 5xx, throttling) becomes StoreUnavailableError (503). */
async function s3Call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const status = statusOf(error);
    if ((status !== undefined && (status >= 500 || status === 429)) || classifyStoreError(error) || (error as { name?: string }).name === 'TimeoutError') {
      throw new StoreUnavailableError(error);
    }
    throw error;
  }
}

/**
 * The store's client and bucket from one URL: `http(s)://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix]`
 * with `?region=` (default us-east-1). Path-style addressing, as MinIO, Garage, Ceph and AWS
 * all answer; without user and password the SDK's usual credential chain applies.
 */
export function s3OptionsFromUrl(raw: string): { client: S3Client; bucket: string; prefix: string } {
  const url = new URL(raw);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError('an S3 URL starts with http:// or https://');
  const [bucket, ...rest] = url.pathname.split('/').filter(Boolean);
  if (!bucket) throw new TypeError('an S3 URL names the bucket as its path: https://host/bucket');
  const config: S3ClientConfig = {
    endpoint: `${url.protocol}//${url.host}`,
    region: url.searchParams.get('region') ?? 'us-east-1',
    forcePathStyle: true,
    // Checksums only where S3 requires them: not every S3-compatible server takes the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (url.username) {
    config.credentials = { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) };
  }
  return { client: new S3Client(config), bucket, prefix: rest.length > 0 ? `${rest.join('/')}/` : '' };
}
