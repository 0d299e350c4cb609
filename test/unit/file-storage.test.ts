/**
 * The file storage (issue 28): the folder, and the S3 adapter's requests against a small local
 * HTTP server that records them and keeps the objects (no S3 stand-in such as MinIO or s3rver is
 * installable on this machine): each request path-style, signed with AWS Signature V4 for the
 * configured region, the content type kept; a missing object is null; keys never leave their root.
 */

import { mkdtempSync, readdirSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolderStorage, isFileKey, MemoryStorage } from '../../src-server/storage/file-storage';
import { S3Storage } from '../../src-server/storage/s3-storage';

const recorded: { method: string; url: string; headers: IncomingMessage['headers'] }[] = [];
const objects = new Map<string, { body: Buffer; type: string }>();
const bucketServer = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    recorded.push({ method: req.method!, url: req.url!, headers: req.headers });
    const url = req.url!;
    if (req.method === 'PUT') {
      objects.set(url, { body: Buffer.concat(chunks), type: String(req.headers['content-type']) });
      res.writeHead(200).end();
    } else if (req.method === 'GET') {
      const found = objects.get(url);
      if (!found)
        res
          .writeHead(404, { 'content-type': 'application/xml' })
          .end('<Error><Code>NoSuchKey</Code></Error>');
      else res.writeHead(200, { 'content-type': found.type }).end(found.body);
    } else if (req.method === 'DELETE') {
      objects.delete(url);
      res.writeHead(204).end();
    } else res.writeHead(405).end();
  });
});
let endpoint = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => bucketServer.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(bucketServer.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => bucketServer.close(() => resolve())));

describe('S3 storage', () => {
  it('puts, gets and deletes objects path-style with signed requests', async () => {
    const storage = new S3Storage({
      endpoint,
      bucket: 'logos-bucket',
      region: 'eu-west-3',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret',
    });
    await storage.put('logos/abc.svg', Buffer.from('<svg/>'), 'image/svg+xml');
    const put = recorded.at(-1)!;
    expect(put.method).toBe('PUT');
    expect(put.url).toBe('/logos-bucket/logos/abc.svg');
    expect(put.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-3\/s3\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    expect(put.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(put.headers['x-amz-content-sha256']).toMatch(/^[0-9a-f]{64}$|^UNSIGNED-PAYLOAD$/);

    expect(await storage.get('logos/abc.svg')).toEqual({
      body: Buffer.from('<svg/>'),
      contentType: 'image/svg+xml',
    });
    expect(recorded.at(-1)!.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 /);
    await storage.delete('logos/abc.svg');
    expect(recorded.at(-1)!.method).toBe('DELETE');
    expect(await storage.get('logos/abc.svg')).toBeNull();
  });

  it('refuses a key that is not one of ours before any request', async () => {
    const storage = new S3Storage({
      endpoint,
      bucket: 'b',
      region: 'us-east-1',
      accessKeyId: 'a',
      secretAccessKey: 's',
    });
    const before = recorded.length;
    await expect(storage.put('../x.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/not a file key/);
    expect(await storage.get('logos/../../x.png')).toBeNull();
    expect(recorded.length).toBe(before);
  });
});

describe('folder and memory storage', () => {
  it('keeps files with their type under the folder, and forgets them', async () => {
    const root = mkdtempSync(join(tmpdir(), 'files-'));
    for (const storage of [new FolderStorage(root), new MemoryStorage()]) {
      await storage.put('logos/a-b_1.png', Buffer.from([1, 2, 3]), 'image/png');
      expect(await storage.get('logos/a-b_1.png')).toEqual({
        body: Buffer.from([1, 2, 3]),
        contentType: 'image/png',
      });
      await storage.delete('logos/a-b_1.png');
      expect(await storage.get('logos/a-b_1.png')).toBeNull();
      expect(await storage.get('logos/missing.png')).toBeNull();
    }
    expect(readdirSync(join(root, 'logos'))).toEqual([]);
  });

  it('accepts only our keys', () => {
    expect(isFileKey('logos/0b1c-thumb.png')).toBe(true);
    for (const key of [
      '../a.png',
      'logos/../a.png',
      '/etc/passwd',
      'logos/a',
      'logos/.png',
      'a.png',
      'logos//a.png',
    ])
      expect(isFileKey(key), key).toBe(false);
  });
});
