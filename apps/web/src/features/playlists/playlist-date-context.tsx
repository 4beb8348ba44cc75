import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { isIsoDay, selectedDay } from "./playlist-for-date";

/** The day the choir's screens work on, and the template chosen for its draft. */
export interface PlaylistDateValue {
  /** yyyy-MM-dd; today when none is chosen. */
  day: string;
  /** A new day, or null (cleared) for today. */
  setDay: (day: string | null) => void;
  chosenTemplateId: string | null;
  setChosenTemplateId: (templateId: string | null) => void;
}

const PlaylistDateContext = createContext<PlaylistDateValue | null>(null);

/** The page-level day, or null outside a provider (the playlist page then shows its own picker). */
export function usePlaylistDate(): PlaylistDateValue | null {
  return useContext(PlaylistDateContext);
}

/** The `date` query parameter carries the day, so reloads, tabs and shared links keep it. */
export const DATE_PARAM = "date";

/** Holds the selected day in the address (`?date=`) and the chosen template in memory. */
export function PlaylistDateProvider({ children }: { children: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const raw = params.get(DATE_PARAM);
  const day = selectedDay(raw);
  const [chosenTemplateId, setChosenTemplateId] = useState<string | null>(null);

  const setDay = useCallback(
    (next: string | null) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next && isIsoDay(next)) updated.set(DATE_PARAM, next);
          else updated.delete(DATE_PARAM);
          return updated;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const value = useMemo(
    () => ({ day, setDay, chosenTemplateId, setChosenTemplateId }),
    [day, setDay, chosenTemplateId],
  );
  return <PlaylistDateContext.Provider value={value}>{children}</PlaylistDateContext.Provider>;
}
