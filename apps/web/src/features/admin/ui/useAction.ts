import { useState } from 'react';
import { errorText } from '../../../api/client.ts';
import { useTranslation } from '../../../app/translation.ts';

/**
 * A console action an operator starts by hand (a decision's button): which one of a card's
 * actions is running (`busy`, to spin its button and hold the others) and the last refusal as
 * text (`failed`). `run(key, act)` marks `key` busy, clears the refusal, awaits `act` and keeps
 * the text of what it threw.
 */
export function useAction<K extends string>() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<K | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const run = async (key: K, act: () => Promise<unknown>) => {
    setBusy(key);
    setFailed(null);
    try {
      await act();
    } catch (err) {
      setFailed(errorText(err, t));
    } finally {
      setBusy(null);
    }
  };
  return { busy, failed, run };
}
