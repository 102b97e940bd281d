/** The ten recovery codes, shown once right after turning two-step sign-in on: copy or download them. */
import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/Field';
import { downloadText, recoveryCodesText } from './recovery-codes';
import { useT } from '../../i18n/use-t';

export function RecoveryCodes({ codes, email, onDone }: { codes: readonly string[]; email: string; onDone: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const t = useT();
  const text = recoveryCodesText(codes, email, new Date(), t);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <section className="two-step__setup" aria-labelledby="recovery-codes-title">
      <FormMessage tone="success" title={t('account.twoStep.codes.onTitle')}>
        {t('account.twoStep.codes.onText')}
      </FormMessage>
      <h3 id="recovery-codes-title" className="section-title">
        {t('account.twoStep.codes.title')}
      </h3>
      <FormMessage tone="warning" title={t('account.twoStep.codes.storeTitle')}>
        {t('account.twoStep.codes.storeText')}
      </FormMessage>
      <ul className="two-step__codes" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <p role="status" className="muted two-step__note">
        {copied === 'yes' ? t('account.twoStep.codes.copied') : copied === 'failed' ? t('account.twoStep.codes.copyFailed') : ''}
      </p>
      <div className="two-step__actions">
        <Button variant="secondary" onClick={() => void copy()}>
          {t('account.twoStep.codes.copy')}
        </Button>
        <Button variant="secondary" onClick={() => downloadText('staykeep-recovery-codes.txt', text)}>
          {t('account.twoStep.codes.download')}
        </Button>
        <Button onClick={onDone}>{t('account.twoStep.codes.done')}</Button>
      </div>
    </section>
  );
}
