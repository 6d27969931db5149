import { Link } from 'react-router';
import { PageLayout } from '../ui/page-layout.js';

export default function NotFoundPage() {
  return (
    <PageLayout title="Page not found">
      <p>There is no page at this address. <Link to="/dashboard">Go to your dashboard</Link>.</p>
    </PageLayout>
  );
}
