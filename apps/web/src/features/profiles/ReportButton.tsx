import type { MemberProfile } from '@amora/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { FlagIcon } from '../../ui/icons.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { ComplaintForm } from '../complaints/ComplaintForm.tsx';

/** Report a member (spec §4): the complaint form in a dialog. */
export function ReportButton({ member }: { member: MemberProfile }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        <FlagIcon size={18} />
        {t('member.report')}
      </Button>
      <Modal
        open={open}
        title={t('member.reportTitle', { name: member.name })}
        closeLabel={t('common.close')}
        onClose={() => setOpen(false)}
      >
        <p className="muted">{t('complaints.lead')}</p>
        <ComplaintForm
          memberId={member.id}
          onDone={
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('common.close')}
            </Button>
          }
        />
      </Modal>
    </>
  );
}
