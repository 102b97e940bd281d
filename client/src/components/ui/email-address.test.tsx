import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { EmailAddress } from './EmailAddress';

describe('EmailAddress', () => {
  it('may wrap only after the last "@", and leaves anything else as it is', () => {
    expect(renderToStaticMarkup(<EmailAddress address="housekeeper@example.com" />)).toBe('housekeeper@<wbr/>example.com');
    expect(renderToStaticMarkup(<EmailAddress address={'"a@b"@example.com'} />)).toBe('&quot;a@b&quot;@<wbr/>example.com');
    expect(renderToStaticMarkup(<EmailAddress address="no-at-sign" />)).toBe('no-at-sign');
    expect(renderToStaticMarkup(<EmailAddress address="@example.com" />)).toBe('@example.com');
  });
});
