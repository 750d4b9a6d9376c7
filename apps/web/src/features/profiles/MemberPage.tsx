import { useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useUser } from '../../api/queries.ts';
import { useMember } from '../../entities/member/queries.ts';
import { ErrorView } from '../../ui/ErrorView.tsx';
import { LoadingStatus } from '../../ui/LoadingStatus.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { BackToSearch } from './BackToSearch.tsx';
import { MemberView } from './MemberView.tsx';
import { NoAccess } from './NoAccess.tsx';
import { useMarkLikeSeen } from './useMarkLikeSeen.ts';
import '../../ui/member-tile.css';
import '../../ui/auth.css';
import './member.css';

/** /members/:id: another member's profile (spec §2), or the "no access" page when they blocked the viewer. */
export default function MemberPage() {
  const { id = '' } = useParams();
  const query = useMember(id);
  const user = useUser();
  const viewed = query.data && user ? query.data.id : null;
  useMarkLikeSeen(viewed);
  if (query.error instanceof ApiError) {
    if (query.error.status === 404 || query.error.code === 'not_found') return <ErrorView status={404} />;
    if (query.error.code === 'blocked_by_member') return <NoAccess />;
  }
  if (query.isError) {
    return (
      <div className="member-page container">
        <BackToSearch />
        <QueryError query={query} />
      </div>
    );
  }
  if (!query.data) {
    return (
      <div className="member-page container" aria-busy="true">
        <LoadingStatus />
        <div className="member-layout">
          <div className="gallery">
            <div className="gallery__main member-tile--placeholder" />
          </div>
          <div className="member-info">
            <div className="placeholder-line placeholder-line--title member-tile--placeholder" />
            <div className="placeholder-line member-tile--placeholder" />
            <div className="placeholder-line member-tile--placeholder" />
          </div>
        </div>
      </div>
    );
  }
  return <MemberView member={query.data} />;
}
