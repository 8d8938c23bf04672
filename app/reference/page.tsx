import { redirect } from "next/navigation";

export default function ReferenceIndex() {
  redirect("/reference/trading");
}
