import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { Brand } from './Brand';

/** Markup as React writes it: no spaces between tags, and no self-closing elements. */
const squeeze = (html: string) =>
  html
    .replace(/>\s+</g, '><')
    .replace(/<(\w+)([^>]*?)\s*\/>/g, '<$1$2></$1>')
    .trim();

describe('the brand in index.html', () => {
  it('is the Brand component as React draws it, so the page shows the same mark before and after the scripts', () => {
    const page = fs.readFileSync(path.resolve(__dirname, '../../../index.html'), 'utf8');
    const boot = /<div class="boot-brand">([\s\S]*?)<\/div>/.exec(page)?.[1];
    expect(boot).toBeDefined();
    expect(squeeze(boot ?? '')).toBe(renderToStaticMarkup(<Brand />));
  });
});
