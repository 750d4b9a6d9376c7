import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useUser } from '../../api/queries.ts';
import { fetchAutoLike, likesRoot, type MatchPartner } from './api.ts';
import { MatchModal } from './LazyMatchModal.tsx';
import { AUTO_LIKE_FLAG, AUTO_LIKE_RELOAD_MS, shouldAutoLike } from './logic.ts';
import { useLikes } from './queries.ts';

function asked(): boolean {
  try {
    return window.sessionStorage.getItem(AUTO_LIKE_FLAG) !== null;
  } catch {
    return true; // no storage: better never than on every page
  }
}

function markAsked() {
  try {
    window.sessionStorage.setItem(AUTO_LIKE_FLAG, String(Date.now()));
  } catch {
    // ignored
  }
}

/**
 * Spec §4/§7: once per session, a member without matches yet asks /api/auto-like.php on /members;
 * a profile that comes back shows in the match modal as what it is (they liked you), and likes
 * reload 500 ms later.
 */
export function AutoLike() {
  const user = useUser();
  const client = useQueryClient();
  // Likes are only needed while the question is still open this session.
  const likes = useLikes(!asked());
  const [partner, setPartner] = useState<MatchPartner | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (!user || started.current || !shouldAutoLike(likes.data, asked())) return;
    started.current = true;
    markAsked();
    fetchAutoLike()
      .then((res) => {
        if (!res.profile) return;
        setPartner(res.profile);
        setTimeout(() => void client.invalidateQueries({ queryKey: likesRoot }), AUTO_LIKE_RELOAD_MS);
      })
      .catch(() => {});
  }, [user, likes.data, client]);
  // The partner liked the member; the member has not liked them (the server picks only such): the
  // modal says so and offers "Like back", never "It's a match".
  return <MatchModal partner={partner} kind="likedYou" onClose={() => setPartner(null)} />;
}
