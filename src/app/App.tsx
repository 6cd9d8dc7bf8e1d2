export function App() {
  return (
    <main>
      <h1>CRScore Studio</h1>
    </main>
  );
}
