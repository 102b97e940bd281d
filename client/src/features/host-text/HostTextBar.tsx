/** "Show original" and, where the device can translate, "Translate": beside a host's texts on the staff screens. */
import { Button } from '../../components/ui/Button';
import { useToast } from '../../components/ui/Toast';
import { useT } from '../../i18n/use-t';
import type { HostTextView } from './use-host-text';
import './host-text.css';

export function HostTextBar({ view }: { view: HostTextView }) {
  const t = useT();
  const { toast } = useToast();
  if (!view.translated && !view.untranslated) return null;
  const translate = () =>
    void view.translate().catch(() => toast({ title: t('hostText.failed'), variant: 'destructive' }));
  return (
    <div className="host-text-bar">
      {view.translated ? (
        <Button size="sm" variant="ghost" aria-pressed={view.showOriginal} onClick={() => view.setShowOriginal(!view.showOriginal)}>
          {view.showOriginal ? t('hostText.showTranslation') : t('hostText.showOriginal')}
        </Button>
      ) : null}
      {view.untranslated ? (
        <Button size="sm" variant="secondary" isLoading={view.translating} onClick={translate}>
          {view.translating ? t('hostText.translating') : t('hostText.translate', { count: view.untranslated })}
        </Button>
      ) : null}
    </div>
  );
}
