// Scaffold: replaced by the pass catalogue screen.
export default function ProductsScreen() {
  return <h1>Bus passes</h1>;
}
