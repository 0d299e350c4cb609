/**
 * Where uploaded files are kept (the public pages' logos, issue 28): one interface, three places —
 * a folder of the data directory by default, memory for tests on a `memory://` data directory, an
 * S3-compatible bucket when configured (s3-storage.ts). Keys are ours (`logos/<id>.png`), never a
 * name from a request, and checked before any of them touches a path.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StorageConfig } from '../config';
import { S3Storage } from './s3-storage';

export interface StoredFile {
  body: Buffer;
  contentType: string;
}

export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}

/** A key: folders and a file name of letters, digits, `-`, `_` and one dot each, no `..`. */
const KEY = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*\/[A-Za-z0-9_-]+\.[a-z0-9]+$/;

export const isFileKey = (key: string): boolean => key.length <= 200 && KEY.test(key);

function checkKey(key: string): void {
  if (!isFileKey(key)) throw new Error(`not a file key: ${JSON.stringify(key)}`);
}

/** Files kept in memory: a test server's, gone when it stops. */
export class MemoryStorage implements FileStorage {
  private readonly files = new Map<string, StoredFile>();

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    checkKey(key);
    this.files.set(key, { body: Buffer.from(body), contentType });
  }

  async get(key: string): Promise<StoredFile | null> {
    return isFileKey(key) ? (this.files.get(key) ?? null) : null;
  }

  async delete(key: string): Promise<void> {
    this.files.delete(key);
  }
}

/**
 * Files in a folder: each key's body, and beside it its content type (`<key>.type`), written
 * before the body so that a file found always has its type.
 */
export class FolderStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private where(key: string): string {
    checkKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const file = this.where(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(`${file}.type`, contentType);
    await writeFile(file, body);
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isFileKey(key)) return null;
    const file = this.where(key);
    try {
      const [body, contentType] = await Promise.all([readFile(file), readFile(`${file}.type`, 'utf8')]);
      return { body, contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.where(key);
    await rm(file, { force: true });
    await rm(`${file}.type`, { force: true });
  }
}

/** The storage the configuration names. */
export function fileStorageFor(config: StorageConfig): FileStorage {
  if (config.s3) return new S3Storage(config.s3);
  return config.filesDir ? new FolderStorage(config.filesDir) : new MemoryStorage();
}
