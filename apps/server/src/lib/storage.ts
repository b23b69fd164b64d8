/** File storage for uploads: local disk by default, S3-compatible when S3_BUCKET is configured. */
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config';

export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Readable | null>;
  remove(key: string): Promise<void>;
}

export class DiskStorage implements Storage {
  constructor(private readonly root: string) {}
  private path(key: string) {
    const p = normalize(join(this.root, key));
    if (!p.startsWith(normalize(this.root))) throw new Error('storage key escapes the upload folder');
    return p;
  }
  async put(key: string, body: Buffer) {
    const p = this.path(key);
    await mkdir(dirname(p), { recursive: true });
    await writeFile(p, body);
  }
  async get(key: string) {
    const p = this.path(key);
    return existsSync(p) ? createReadStream(p) : null;
  }
  async remove(key: string) {
    const { rm } = await import('node:fs/promises');
    await rm(this.path(key), { force: true });
  }
}

/** the S3 client, loaded with the first upload or read rather than at start (docs/decisions/platform.md, "Lean start") */
const s3 = () => import('@aws-sdk/client-s3');

export class S3Storage implements Storage {
  private client: Promise<S3Client> | undefined;
  constructor(
    private readonly bucket: string,
    private readonly opts: { endpoint?: string; region: string; accessKeyId: string; secretAccessKey: string },
  ) {}
  private connect(): Promise<S3Client> {
    const { endpoint, region, accessKeyId, secretAccessKey } = this.opts;
    this.client ??= s3().then(
      ({ S3Client }) => new S3Client({ endpoint, region, forcePathStyle: !!endpoint, credentials: { accessKeyId, secretAccessKey } }),
    );
    return this.client;
  }
  async put(key: string, body: Buffer, contentType: string) {
    const { PutObjectCommand } = await s3();
    await (await this.connect()).send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }));
  }
  async get(key: string) {
    const { GetObjectCommand } = await s3();
    try {
      const out = await (await this.connect()).send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return (out.Body as Readable) ?? null;
    } catch (err) {
      if ((err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  }
  async remove(key: string) {
    const { DeleteObjectCommand } = await s3();
    await (await this.connect()).send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}

export function createStorage(config: Config): Storage {
  if (config.S3_BUCKET) {
    return new S3Storage(config.S3_BUCKET, {
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    });
  }
  return new DiskStorage(config.uploadDir);
}
