/**
 * What the app tells the screen it shows: the space it has, and a way to claim the keyboard while
 * the user types (the app's number keys and `q` pause until the screen gives it back).
 */
import { createContext, useContext, useEffect } from "react";

/** The current screen's frame. */
export interface ScreenFrame {
  /** Columns available. */
  readonly width: number;
  /** Rows available to the screen's body (tab bar and footer excluded). */
  readonly height: number;
  /** Whether this screen is the one shown (hidden screens stop reading keys). */
  readonly isActive: boolean;
  /** `true` while a text field has the keyboard. */
  readonly setEditing: (isEditing: boolean) => void;
}

/** Default frame: a lone screen rendered by a test or a script. */
export const ScreenContext = createContext<ScreenFrame>({
  width: 80,
  height: 22,
  isActive: true,
  setEditing: () => undefined,
});

export function useScreen(): ScreenFrame {
  return useContext(ScreenContext);
}

/**
 * Claims the keyboard while `isEditing` holds and the screen is shown; gives it back when hidden
 * or unmounted.
 */
export function useEditing(isEditing: boolean): void {
  const { setEditing, isActive } = useScreen();
  const isClaimed = isEditing && isActive;
  useEffect(() => {
    if (!isClaimed) {
      return;
    }
    setEditing(true);
    return () => setEditing(false);
  }, [isClaimed, setEditing]);
}
