/**
 * The staff dashboard's one-time offer to install the app: shown until it is used or dismissed
 * (remembered on this device), never once the app runs installed, and left out of task dialogs
 * (it is a card of the dashboard page).
 */
import { useState } from 'react';
import { Card, CardHeader } from '../components/ui/Card';
import { Button } from '../components/ui/Button';
import { useInstallApp } from './InstallHelp';
import { useT } from '../i18n/use-t';

export const INSTALL_PROMPT_KEY = 'staykeep.install-prompt';

function wasAnswered(): boolean {
  try {
    return localStorage.getItem(INSTALL_PROMPT_KEY) === 'answered';
  } catch {
    return false;
  }
}

function remember(): void {
  try {
    localStorage.setItem(INSTALL_PROMPT_KEY, 'answered');
  } catch {
    // Storage refused: it is offered again next time.
  }
}

export function InstallPrompt() {
  const { offer, install, help } = useInstallApp();
  const [answered, setAnswered] = useState(wasAnswered);
  const t = useT();
  if (answered || offer === 'none' || offer === 'manual') return help;

  const close = () => {
    remember();
    setAnswered(true);
  };

  return (
    <>
      <Card className="install-prompt" aria-label={t('install.title')}>
        <CardHeader title={t('install.prompt.title')} description={t('install.prompt.description')} />
        <div className="button-group">
          <Button
            size="lg"
            onClick={() => {
              close();
              void install();
            }}
          >
            {offer === 'prompt' ? t('install.app') : t('install.prompt.showHow')}
          </Button>
          <Button variant="secondary" size="lg" onClick={close}>
            {t('action.notNow')}
          </Button>
        </div>
      </Card>
      {help}
    </>
  );
}
