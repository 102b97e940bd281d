/** The recovery codes as a text file (pure, tested) and the browser's download of it. */
import { t as translate, type MessageId, type MessageValues } from '../../i18n';

/** The file's words in the reader's language (the active language unless `t` says otherwise). */
export function recoveryCodesText(codes: readonly string[], email: string, madeAt: Date, t: (id: MessageId, values?: MessageValues) => string = translate): string {
  return [
    t('account.twoStep.file.title'),
    t('account.twoStep.file.account', { email }),
    t('account.twoStep.file.made', { date: madeAt.toISOString().slice(0, 10) }),
    '',
    t('account.twoStep.file.each'),
    t('account.twoStep.file.keep'),
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
