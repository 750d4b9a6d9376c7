import { useEffect, useState } from 'react';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../app/translation.ts';
import { ArrowLeftIcon } from '../../ui/icons.tsx';
import { isStandalone } from './standalone.ts';
import './standalone-back.css';

/**
 * Spec §2: the routes with a back button in the installed app (members-id, likes-type, likes-m-id,
 * credits, credits-id-paymentmethod). /credits/repeat-order is a page of its own, not an order id.
 */
const BACK_ROUTES = [
  '/members/:id',
  '/likes/:type',
  '/likes/m/:id',
  '/credits',
  '/credits/:id/:paymentmethod?',
];

export function hasBackButton(pathname: string): boolean {
  if (pathname === '/credits/repeat-order') return false;
  return BACK_ROUTES.some((pattern) => matchPath(pattern, pathname));
}

/**
 * The installed app has no browser back button: on the routes of spec §2 it gets one of its own,
 * only in standalone mode and only when there is somewhere to go back to (history has more than
 * one entry). Decided after mounting (the display mode is the browser's), never server-rendered.
 */
export function StandaloneBack() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [show, setShow] = useState(false);
  useEffect(() => {
    setShow(isStandalone() && window.history.length > 1 && hasBackButton(pathname));
  }, [pathname]);
  if (!show) return null;
  return (
    <div className="container standalone-back">
      <button type="button" className="link-button standalone-back__button" onClick={() => navigate(-1)}>
        <ArrowLeftIcon size={18} />
        {t('pwa.back')}
      </button>
    </div>
  );
}
