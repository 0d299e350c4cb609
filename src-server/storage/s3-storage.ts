/**
 * An S3-compatible bucket (AWS S3, MinIO, Garage, Scaleway, OVH…), path-style
 * (`<endpoint>/<bucket>/<key>`), each request signed with AWS Signature V4 by aws4fetch: three
 * plain object requests need no full SDK.
 */
import { AwsClient } from 'aws4fetch';
import type { StorageConfig } from '../config';
import { type FileStorage, isFileKey, type StoredFile } from './file-storage';

export class S3Storage implements FileStorage {
  private readonly client: AwsClient;

  constructor(private readonly config: NonNullable<StorageConfig['s3']>) {
    this.client = new AwsClient({
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      region: config.region,
      service: 's3',
    });
  }

  private url(key: string): string {
    if (!isFileKey(key)) throw new Error(`not a file key: ${JSON.stringify(key)}`);
    return `${this.config.endpoint}/${encodeURIComponent(this.config.bucket)}/${key}`;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const response = await this.client.fetch(this.url(key), {
      method: 'PUT',
      body: new Uint8Array(body),
      headers: { 'Content-Type': contentType },
    });
    if (!response.ok) throw new Error(`S3 PUT ${key}: ${response.status}`);
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isFileKey(key)) return null;
    const response = await this.client.fetch(this.url(key), { method: 'GET' });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`S3 GET ${key}: ${response.status}`);
    return {
      body: Buffer.from(await response.arrayBuffer()),
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
    };
  }

  async delete(key: string): Promise<void> {
    const response = await this.client.fetch(this.url(key), { method: 'DELETE' });
    // Deleting what is not there is done.
    if (!response.ok && response.status !== 404) throw new Error(`S3 DELETE ${key}: ${response.status}`);
  }
}
