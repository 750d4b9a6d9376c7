import '../admin-area.css';
import { NavLink, Route, Routes } from 'react-router';
import { Head } from '../../../app/head.tsx';
import { useTranslation } from '../../../app/translation.ts';
import { CodeRedemptions } from './CodeRedemptions.tsx';
import { CodesList } from './CodesList.tsx';
import { OrderDetail } from './OrderDetail.tsx';
import { OrdersSearch } from './OrdersSearch.tsx';

/**
 * The console's discount codes and payments (finance): /admin/payments (codes),
 * /admin/payments/codes/:id (a code's redemptions), /admin/payments/orders and /orders/:id
 * (order lookup, status history, refund).
 */
export default function PaymentsPage() {
  const { t } = useTranslation();
  return (
    <div className="adm-payments">
      <Head title={t('admin.payments.nav')} noindex />
      <nav aria-label={t('admin.payments.sections')}>
        <ul className="adm-tabs">
          <li>
            <NavLink to="/admin/payments" end>
              {t('admin.payments.codesTitle')}
            </NavLink>
          </li>
          <li>
            <NavLink to="/admin/payments/orders">{t('admin.payments.ordersTitle')}</NavLink>
          </li>
        </ul>
      </nav>
      <Routes>
        <Route index element={<CodesList />} />
        <Route path="codes/:id" element={<CodeRedemptions />} />
        <Route path="orders" element={<OrdersSearch />} />
        <Route path="orders/:id" element={<OrderDetail />} />
      </Routes>
    </div>
  );
}
