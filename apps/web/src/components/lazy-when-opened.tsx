import { type ComponentType, lazy, Suspense, useState } from "react";

/**
 * A dialog whose code loads the first time it opens: until then it renders nothing, which is what a closed dialog
 * shows anyway. Pages open faster, and a dialog opened once stays loaded (closing transitions play as usual).
 */
export function lazyWhenOpened<P extends { opened: boolean }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
  return function OpenedOnce(props: P) {
    const [wanted, setWanted] = useState(props.opened);
    if (props.opened && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
