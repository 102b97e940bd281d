import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup as render } from 'react-dom/server';
import type { ReactElement } from 'react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '../i18n';
import { ListFooter } from './data-view';

/** In English, the app's start catalog. */
const renderToStaticMarkup = (element: ReactElement) => render(<I18nProvider i18n={i18n}>{element}</I18nProvider>);

const noop = () => undefined;

describe('ListFooter', () => {
  it('says how much of a cut list is shown, and offers the next step, or what is left when less', () => {
    const html = renderToStaticMarkup(<ListFooter shown={100} total={250} step={100} onMore={noop} />);
    expect(html).toContain('<p role="status">Showing 100 of 250</p>');
    expect(html).toMatch(/<button[^>]*>.*Show 100 more.*<\/button>/);
    expect(renderToStaticMarkup(<ListFooter shown={200} total={250} step={100} onMore={noop} />)).toMatch(/Show 50 more/);
  });

  it('has no button without onMore, and nothing at all once every row is shown', () => {
    const html = renderToStaticMarkup(<ListFooter shown={200} total={1200} />);
    expect(html).toContain('Showing 200 of 1200');
    expect(html).not.toContain('<button');
    expect(renderToStaticMarkup(<ListFooter shown={250} total={250} step={100} onMore={noop} />)).toBe('');
  });

  it('says its own text when given one, with the button while rows are left, and still once every row is shown', () => {
    const cut = renderToStaticMarkup(<ListFooter shown={200} total={450} step={200} onMore={noop} text="Showing 200 of 3000 guests" />);
    expect(cut).toContain('<p role="status">Showing 200 of 3000 guests</p>');
    expect(cut).toMatch(/Show 200 more/);
    const all = renderToStaticMarkup(<ListFooter shown={450} total={450} step={200} onMore={noop} text="450 guests" />);
    expect(all).toContain('<p role="status">450 guests</p>');
    expect(all).not.toContain('<button');
  });
});
