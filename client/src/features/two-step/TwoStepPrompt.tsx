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
  const go = (next: SessionUser) => {
    setBusy(true);
    void onContinue(next).catch(() => setBusy(false));
  };

  if (settingUp) {
    return <TwoStepSetup email={user.Email} token={token} onFinished={() => go({ ...user, totpEnabled: true })} onCancel={() => setSettingUp(false)} />;
  }
  return (
    <div className="two-step__setup">
      <p>
        Your account can change the whole platform. Add a second step to your sign-in: a 6-digit code from an authenticator app on your phone, so that a
        stolen password alone is not enough.
      </p>
      <p className="muted">It takes a minute. Devices already signed in keep working, offline too.</p>
      <Button fullWidth size="lg" onClick={() => setSettingUp(true)} disabled={busy}>
        Set it up now
      </Button>
      <Button variant="ghost" fullWidth onClick={() => go(user)} isLoading={busy}>
        Not now
      </Button>
    </div>
  );
}
