import SwiftUI

struct RootView: View {
    enum Tab: Hashable {
        case recipes, cart, timers, profile
    }

    @EnvironmentObject private var cart: CartStore
    @EnvironmentObject private var session: UserSession
    @Environment(KitchenTimers.self) private var timers
    @State private var selectedTab: Tab = .recipes

    var body: some View {
        TabView(selection: $selectedTab) {
            RecipeListView()
                .tabItem { Label("Recipes", systemImage: "book") }
                .tag(Tab.recipes)

            CartView()
                .tabItem { Label("Shopping", systemImage: "cart") }
                .badge(cart.items.filter { !$0.isBought }.count)
                .tag(Tab.cart)

            TimersView()
                .tabItem { Label("Timers", systemImage: "timer") }
                .badge(timers.activeCount)
                .tag(Tab.timers)

            ProfileView(session: session)
                .tabItem { Label("Profile (\(session.planBadge))", systemImage: "person.crop.circle") }
                .tag(Tab.profile)
        }
    }
}
