import '../admin-area.css';
import { Route, Routes } from 'react-router';
import { Head } from '../../../app/head.tsx';
import { useTranslation } from '../../../app/translation.ts';
import { AreaTabs } from '../ui/AreaTabs.tsx';
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
      <AreaTabs
        label={t('admin.payments.sections')}
        tabs={[
          ['/admin/payments', t('admin.payments.codesTitle')],
          ['/admin/payments/orders', t('admin.payments.ordersTitle')],
        ]}
      />
      <Routes>
        <Route index element={<CodesList />} />
        <Route path="codes/:id" element={<CodeRedemptions />} />
        <Route path="orders" element={<OrdersSearch />} />
        <Route path="orders/:id" element={<OrderDetail />} />
      </Routes>
    </div>
  );
}
