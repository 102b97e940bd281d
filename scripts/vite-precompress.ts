/**
 * A Vite plugin run after everything else has written the build (the service worker of
 * vite-plugin-pwa included): it writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every
 * compressible file of the output folder, which the server sends to browsers that accept them
 * (`preCompressed` in server/src/plugins/client.ts), and moves the source maps out of the served
 * folder into `<outDir>-sourcemaps/` (built `hidden`: no file names its map, and none is public).
 * Levels are the highest: this runs once per build, not per request.
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** Text formats: images and fonts of the build are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|ico|wasm)$/i;
/** Below this a compressed copy saves less than the bytes of a header or two. */
const MIN_BYTES = 256;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Writes `<file>.br` and `<file>.gz`; answers the bytes before and after (Brotli). */
export async function precompressFile(file: string): Promise<{ raw: number; br: number }> {
  const data = await fs.promises.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
    gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
  return { raw: data.length, br: br.length };
}

/** Moves every `.map` of `outDir` to the same place under `mapsDir` (emptied first). */
function moveSourceMaps(outDir: string, mapsDir: string): number {
  fs.rmSync(mapsDir, { recursive: true, force: true });
  const maps = filesUnder(outDir).filter((f) => f.endsWith('.map'));
  for (const file of maps) {
    const target = path.join(mapsDir, path.relative(outDir, file));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.renameSync(file, target);
  }
  return maps.length;
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'staykeep:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const outDir = path.resolve(config.root, config.build.outDir);
        const maps = moveSourceMaps(outDir, `${outDir}-sourcemaps`);
        const files = filesUnder(outDir).filter((f) => COMPRESSIBLE.test(f) && fs.statSync(f).size >= MIN_BYTES);
        const sizes = await Promise.all(files.map(precompressFile));
        const raw = sizes.reduce((n, s) => n + s.raw, 0);
        const br = sizes.reduce((n, s) => n + s.br, 0);
        config.logger.info(`precompress: ${files.length} files, ${raw} bytes → ${br} with Brotli; ${maps} source maps moved out of ${path.basename(outDir)}`);
      },
    },
  };
}
