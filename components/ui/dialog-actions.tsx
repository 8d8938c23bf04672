import { Button } from "./button";
import { DialogFooter } from "./dialog";

/** A dialog's Cancel and confirm buttons; the confirm submits the form unless given onConfirm. */
export function DialogActions({
  onCancel,
  onConfirm,
  pending,
  label,
  pendingLabel,
  destructive = false,
}: {
  onCancel: () => void;
  onConfirm?: () => void;
  pending: boolean;
  label: string;
  pendingLabel: string;
  destructive?: boolean;
}) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type={onConfirm ? "button" : "submit"} variant={destructive ? "destructive" : "default"} onClick={onConfirm} disabled={pending}>
        {pending ? pendingLabel : label}
      </Button>
    </DialogFooter>
  );
}
