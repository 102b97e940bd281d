/** The recovery codes as a text file (pure, tested) and the browser's download of it. */

export function recoveryCodesText(codes: readonly string[], email: string, madeAt: Date): string {
  return [
    'Staykeep two-step sign-in recovery codes',
    `Account: ${email}`,
    `Made: ${madeAt.toISOString().slice(0, 10)}`,
    '',
    'Each code signs you in once when you cannot use your authenticator app.',
    'Keep them somewhere safe; turning two-step sign-in on again makes new ones.',
    '',
    ...codes,
    '',
  ].join('\n');
}

export function downloadText(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** What the code field holds once spaces are gone: six digits, or a recovery code. */
export function cleanCode(value: string): string {
  return value.replace(/\s/g, '');
}
