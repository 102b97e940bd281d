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
import './install.css';

function Steps({ offer }: { offer: InstallOffer }) {
  if (offer === 'ios') {
    return (
      <ol className="install-steps">
        <li>Tap the Share button (the square with an arrow) in Safari’s toolbar.</li>
        <li>Choose “Add to Home Screen”, then “Add”.</li>
        <li>Open Staykeep from its icon on the home screen.</li>
      </ol>
    );
  }
  return (
    <ol className="install-steps">
      <li>Open your browser’s menu (⋮ or ⋯, next to the address bar).</li>
      <li>Choose “Install Staykeep”, “Install app” or “Add to Home screen”.</li>
      <li>Open Staykeep from its icon, like any other app.</li>
    </ol>
  );
}

export function useInstallApp() {
  const offer = useInstallOffer();
  const { toast } = useToast();
  const [helpOpen, setHelpOpen] = useState(false);

  const install = async () => {
    if (offer !== 'prompt') {
      setHelpOpen(true);
      return;
    }
    const outcome = await promptInstall();
    if (outcome === 'accepted') toast({ title: 'Staykeep is installed', description: 'Open it from its icon: it works without a connection.', variant: 'success' });
    else if (outcome === 'unavailable') setHelpOpen(true);
  };

  const help = (
    <Dialog
      open={helpOpen}
      onClose={() => setHelpOpen(false)}
      title="Install Staykeep"
      size="sm"
      description="Installed, Staykeep opens from its own icon, works offline and keeps its data on this device."
      footer={<Button onClick={() => setHelpOpen(false)}>Done</Button>}
    >
      <Steps offer={offer} />
    </Dialog>
  );

  return { offer, install, help };
}
