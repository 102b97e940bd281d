/**
 * An e-mail address as text that wraps after its "@" when the line is too narrow for it, as
 * addresses are broken in print ("housekeeper@ / example.com"), rather than at any letter.
 */
export function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at <= 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  );
}
