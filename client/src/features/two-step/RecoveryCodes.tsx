/** The ten recovery codes, shown once right after turning two-step sign-in on: copy or download them. */
import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/Field';
import { downloadText, recoveryCodesText } from './recovery-codes';

export function RecoveryCodes({ codes, email, onDone }: { codes: readonly string[]; email: string; onDone: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const text = recoveryCodesText(codes, email, new Date());

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
      <FormMessage tone="success" title="Two-step sign-in is on">
        From now on, signing in asks for a code from your authenticator app.
      </FormMessage>
      <h3 id="recovery-codes-title" className="section-title">
        Your recovery codes
      </h3>
      <FormMessage tone="warning" title="Store these now">
        They are shown only this once. Each one signs you in once if you lose your phone. Copy or download them and keep them somewhere safe.
      </FormMessage>
      <ul className="two-step__codes" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <p role="status" className="muted two-step__note">
        {copied === 'yes' ? 'Copied to the clipboard.' : copied === 'failed' ? 'This browser did not allow copying: download them instead.' : ''}
      </p>
      <div className="two-step__actions">
        <Button variant="secondary" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button variant="secondary" onClick={() => downloadText('staykeep-recovery-codes.txt', text)}>
          Download as text
        </Button>
        <Button onClick={onDone}>I have stored them</Button>
      </div>
    </section>
  );
}
