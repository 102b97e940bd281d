/**
 * Installing the app, for the user menu and the staff dashboard: `useInstallApp().install()`
 * shows the browser's install dialog where it has one, otherwise this dialog with the steps for
 * the browser at hand (Safari: Share → Add to Home Screen).
 */
import { useState } from 'react';
import { Dialog } from '../components/ui/Dialog';
import { Button } from '../components/ui/Button';
import { useToast } from '../components/ui/Toast';
import { promptInstall } from './install-events';
import { useInstallOffer, type InstallOffer } from './use-install';
import { useT } from '../i18n/use-t';
import './install.css';

function Steps({ offer }: { offer: InstallOffer }) {
  const t = useT();
  if (offer === 'ios') {
    return (
      <ol className="install-steps">
        <li>{t('install.ios.share')}</li>
        <li>{t('install.ios.add')}</li>
        <li>{t('install.ios.open')}</li>
      </ol>
    );
  }
  return (
    <ol className="install-steps">
      <li>{t('install.other.menu')}</li>
      <li>{t('install.other.choose')}</li>
      <li>{t('install.other.open')}</li>
    </ol>
  );
}

export function useInstallApp() {
  const offer = useInstallOffer();
  const { toast } = useToast();
  const [helpOpen, setHelpOpen] = useState(false);
  const t = useT();

  const install = async () => {
    if (offer !== 'prompt') {
      setHelpOpen(true);
      return;
    }
    const outcome = await promptInstall();
    if (outcome === 'accepted') toast({ title: t('install.done'), description: t('install.doneText'), variant: 'success' });
    else if (outcome === 'unavailable') setHelpOpen(true);
  };

  const help = (
    <Dialog
      open={helpOpen}
      onClose={() => setHelpOpen(false)}
      title={t('install.title')}
      size="sm"
      description={t('install.description')}
      footer={<Button onClick={() => setHelpOpen(false)}>{t('action.done')}</Button>}
    >
      <Steps offer={offer} />
    </Dialog>
  );

  return { offer, install, help };
}
