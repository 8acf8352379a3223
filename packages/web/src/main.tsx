import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { makeQueryClient } from "./api/queryClient.js"
import { App } from "./app/App.js"
import { readOffers } from "./app/offers.js"
import "./styles.css"
import { applyTheme, storedTheme } from "./ui/theme.js"

applyTheme(storedTheme())
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App queries={makeQueryClient()} offers={readOffers()} />
  </StrictMode>
)
