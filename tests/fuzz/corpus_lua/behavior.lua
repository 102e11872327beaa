Patrol = {}
function Patrol.Update(agent, dt)
  if agent.vars.Steps >= 2 then return "success" end
end
