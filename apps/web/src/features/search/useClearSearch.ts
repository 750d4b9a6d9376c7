import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';

/**
 * Clearing the search (spec §4: stored pages are clearable): back to /members without filters,
 * and every search starts again from its first page. resets changes each time, so a filter panel
 * that was changed but not applied is reset too.
 */
export function useClearSearch(): { clear: () => void; clearing: boolean; resets: number } {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [resets, setResets] = useState(0);
  const reset = useMutation({
    // Going back to /members needs no network: clearing never waits for the browser to be online.
    networkMode: 'always',
    mutationFn: async () => {
      await navigate('/members');
      // Spec §4: stored pages are clearable. Every search starts again from its first page.
      await client.resetQueries({ queryKey: ['search'] });
    },
  });
  const clear = () => {
    setResets((n) => n + 1);
    reset.mutate();
  };
  return { clear, clearing: reset.isPending, resets };
}
