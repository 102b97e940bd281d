/**
 * Shown to admins and super admins without two-step sign-in right after the password: set it up
 * now (the session is not stored yet, so its token is passed along) or "Not now", which goes on to
 * the console; they are asked again at their next sign-in.
 */
import { useState } from 'react';
import type { SessionUser } from '../../../../shared/session';
import { Button } from '../../components/ui/Button';
import { TwoStepSetup } from './TwoStepSetup';
import './two-step.css';
import { useT } from '../../i18n/use-t';

type Props = {
  token: string;
  user: SessionUser;
  /** Go on to the console with this session user. */
  onContinue: (user: SessionUser) => Promise<void>;
};

export { shouldAskForTwoStep } from './ask';

export function TwoStepPrompt({ token, user, onContinue }: Props) {
  const [settingUp, setSettingUp] = useState(false);
  const [busy, setBusy] = useState(false);
  const t = useT();
  const go = (next: SessionUser) => {
    setBusy(true);
    void onContinue(next).catch(() => setBusy(false));
  };

  if (settingUp) {
    return <TwoStepSetup email={user.Email} token={token} onFinished={() => go({ ...user, totpEnabled: true })} onCancel={() => setSettingUp(false)} />;
  }
  return (
    <div className="two-step__setup">
      <p>{t('account.twoStep.prompt.text')}</p>
      <p className="muted">{t('account.twoStep.prompt.minute')}</p>
      <Button fullWidth size="lg" onClick={() => setSettingUp(true)} disabled={busy}>
        {t('account.twoStep.prompt.setUp')}
      </Button>
      <Button variant="ghost" fullWidth onClick={() => go(user)} isLoading={busy}>
        {t('account.twoStep.prompt.notNow')}
      </Button>
    </div>
  );
}
