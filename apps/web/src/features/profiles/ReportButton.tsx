import type { MemberProfile } from '@amora/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../app/translation.ts';
import { Button } from '../../ui/Button.tsx';
import { FlagIcon } from '../../ui/icons.tsx';
import { Modal } from '../../ui/Modal.tsx';

/** The form loads when the dialog opens, or when the pointer heads for the button (its check, zod, on focus). */
const loadForm = () => import('../../entities/complaints/ComplaintForm.tsx');
const ComplaintForm = lazy(() => loadForm().then((m) => ({ default: m.ComplaintForm })));

/** Report a member (spec §4): the complaint form in a dialog, its code loaded on demand. */
export function ReportButton({ member }: { member: MemberProfile }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadForm()}
        onFocus={() => void loadForm()}
      >
        <FlagIcon size={18} />
        {t('member.report')}
      </Button>
      <Modal
        open={open}
        title={t('member.reportTitle', { name: member.name })}
        onClose={() => setOpen(false)}
      >
        <p className="muted">{t('complaints.lead')}</p>
        <Suspense fallback={<p className="muted">{t('common.loading')}</p>}>
          <ComplaintForm
            memberId={member.id}
            onDone={
              <Button variant="secondary" onClick={() => setOpen(false)}>
                {t('common.close')}
              </Button>
            }
          />
        </Suspense>
      </Modal>
    </>
  );
}
