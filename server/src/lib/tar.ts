/**
 * A gzipped tar (ustar) of a few in-memory files, with node:zlib and no dependency: enough for a
 * download archive (modules/hosts/export.ts). Names up to 100 bytes, regular files only.
 */
import zlib from 'node:zlib';

const BLOCK = 512;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length > 100) throw new Error(`tar: name too long: ${name}`);
  nameBytes.copy(block, 0);
  block.write(octal(0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

export type TarFile = { name: string; content: string | Buffer };

/** The files as one .tar.gz. */
export function tarGz(files: readonly TarFile[], mtime: Date): Buffer {
  const parts: Buffer[] = [];
  for (const file of files) {
    const content = typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : file.content;
    parts.push(header(file.name, content.length, mtime), content);
    const pad = (BLOCK - (content.length % BLOCK)) % BLOCK;
    if (pad > 0) parts.push(Buffer.alloc(pad));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return zlib.gzipSync(Buffer.concat(parts));
}
