import LoupeHTTP
import LoupePlanner

/// Every route the service answers, in one list: a reader finds any endpoint here.
enum Routes {
    static func all(state: ServiceState) -> [Route] {
        OperationalRoutes.all(state: state) + PlanningRoutes.all(state: state)
            + WebPrototypeRoutes.all()
    }
}
