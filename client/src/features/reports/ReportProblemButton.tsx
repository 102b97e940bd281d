/**
 * "Report a problem" for a housekeeper, from a task or a property: category, severity and what is
 * wrong. The report is a local write through the outbox (report-form.ts), so it is kept with no
 * signal and reaches the host, as a maintenance task, once the device is back online; an urgent
 * one alerts the host at once when it arrives. Photos (camera or gallery) are shrunk and kept on
 * the device as drafts of the report (features/photos), queued when it is sent and uploaded once
 * the report has reached the server; the host sees them on the maintenance task.
 */
import { useState } from 'react';
import { v7 as uuidv7 } from 'uuid';
import type { ProblemCategory, ProblemSeverity } from '../../../../shared/enums';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Segmented, Textarea } from '../../components/ui/Field';
import { Select } from '../../components/ui/Input';
import { useToast } from '../../components/ui/Toast';
import { useCurrentUser } from '../../components/layout/current-user';
import { useWrite } from '../../data/use-write';
import { AddPhotoButtons, PhotoGallery, dropDraftPhotos, sendDraftPhotos, usePhotos } from '../photos';
import { useOnline } from '../../lib/use-online';
import { EMPTY_REPORT, MAX_DESCRIPTION, categoryOptions, reportErrors, reportProblem, severityOptions, type ReportDraft, type ReportPlace } from './report-form';
import { useT } from '../../i18n/use-t';
import './reports.css';

export type ReportProblemButtonProps = ReportPlace & {
  /** Named in the dialog, so the housekeeper sees where the report goes. */
  propertyName: string;
  size?: 'md' | 'lg';
};

export function ReportProblemButton({ propertyId, taskId, propertyName, size = 'md' }: ReportProblemButtonProps) {
  const [open, setOpen] = useState(false);
  const t = useT();
  return (
    <>
      <Button variant="secondary" size={size} onClick={() => setOpen(true)}>
        {t('report.button')}
      </Button>
      {open ? <ReportProblemDialog place={{ propertyId, taskId }} propertyName={propertyName} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ReportProblemDialog({ place, propertyName, onClose }: { place: ReportPlace; propertyName: string; onClose: () => void }) {
  const user = useCurrentUser();
  // Made here, so that photos taken before sending are kept under the report they go with.
  const [reportId] = useState(() => uuidv7());
  const photos = usePhotos({ kind: 'report', id: reportId }, user.ID, { draft: true });
  const [draft, setDraft] = useState<ReportDraft>(EMPTY_REPORT);
  const [showErrors, setShowErrors] = useState(false);
  const { write, pending } = useWrite({ what: 'the problem report' });
  const { toast } = useToast();
  const online = useOnline();
  const t = useT();
  const found = showErrors ? reportErrors(draft) : {};
  const descriptionError = found.description ? t(found.description.id, found.description.values) : undefined;
  const set = <K extends keyof ReportDraft>(key: K, value: ReportDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const send = async () => {
    if (Object.keys(reportErrors(draft)).length > 0) {
      setShowErrors(true);
      return;
    }
    const saved = await write(reportProblem(place, draft, reportId));
    if (!saved.ok) return;
    await sendDraftPhotos(user.ID, reportId);
    toast({
      title: t('report.sent'),
      description: online ? t('report.sentOnline') : t('report.sentOffline'),
      variant: 'success',
    });
    onClose();
  };
  // Closed without sending: the photos picked for it go (sent ones are queued, not drafts, and stay).
  const close = () => {
    void dropDraftPhotos(user.ID, reportId).catch(() => undefined);
    onClose();
  };
  const photoCount = photos.photos.length;

  return (
    <Dialog
      open
      onClose={close}
      size="sm"
      title={t('report.title')}
      description={draft.severity === 'urgent' ? t('report.descriptionUrgent', { property: propertyName }) : t('report.description', { property: propertyName })}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('action.cancel')}
          </Button>
          <Button isLoading={pending} onClick={() => void send()}>
            {t('report.send')}
          </Button>
        </>
      }
    >
      <form
        className="report-form"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Select label={t('report.kind')} options={categoryOptions(t)} value={draft.category} onChange={(e) => set('category', e.target.value as ProblemCategory)} />
        <div className="field">
          <span className="field__label" aria-hidden="true">
            {t('report.urgency')}
          </span>
          <Segmented label={t('report.urgency')} options={severityOptions(t)} value={draft.severity} onChange={(v: ProblemSeverity) => set('severity', v)} />
        </div>
        <Textarea
          label={t('report.what')}
          required
          rows={4}
          maxLength={MAX_DESCRIPTION}
          value={draft.description}
          error={descriptionError}
          placeholder={t('report.whatPlaceholder')}
          onChange={(e) => set('description', e.target.value)}
        />
        <div className="field report-form__photos">
          <span className="field__label">
            {t('report.photos')} {photoCount > 0 ? <span className="muted">({photoCount})</span> : <span className="muted">{t('report.optional')}</span>}
          </span>
          <PhotoGallery photos={photos.photos} label={t('report.photoLabel')} userId={user.ID} />
          <AddPhotoButtons label={t('report.photoLabel')} onFiles={(files) => photos.add(files, null)} />
        </div>
        {!online ? <p className="field__hint">{t('report.offline')}</p> : null}
      </form>
    </Dialog>
  );
}
