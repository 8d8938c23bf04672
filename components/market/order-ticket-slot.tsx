// The place of the order ticket on a symbol page: the trade desk's ticket (components/trade), linked to
// the book through useTicketLink (a clicked level fills the price; levels holding the owner's open
// orders get a dot). Read on the server whether someone is signed in, so a visitor's page asks for no
// private data and offers to sign in instead of sending.

import { LinkedOrderTicket } from "@/components/trade/linked-order-ticket";
import { currentOwner } from "@/lib/dashboard/session";

export async function OrderTicketSlot() {
  const owner = await currentOwner();
  return <LinkedOrderTicket signedIn={owner !== null} />;
}
