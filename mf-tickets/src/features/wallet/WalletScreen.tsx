// Scaffold: replaced by the wallet (active and expired tickets and passes).
export default function WalletScreen() {
  return <h1>Your tickets and passes</h1>;
}
